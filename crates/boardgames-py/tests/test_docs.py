"""The Python blocks of docs/python.md and the README run as they are written."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
BLOCKS = [
    (path, i, code)
    for path in ("docs/python.md", "README.md")
    for i, code in enumerate(re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(), re.S))
]


@pytest.mark.parametrize("path,index,code", BLOCKS, ids=[f"{p}#{i}" for p, i, _ in BLOCKS])
def test_block_runs(path, index, code):
    cwd = os.getcwd()
    os.chdir(ROOT)  # the blocks name files from the repository's root
    try:
        exec(compile(code, f"{path} block {index}", "exec"), {"__name__": "__doc_block__"})
    finally:
        os.chdir(cwd)


def test_reinstalls_keep_the_installed_numpy():
    """A `pip install --force-reinstall` without `--no-deps` reinstalls every dependency, numpy
    too (downloading it again): each such command the docs and test.sh give has `--no-deps`."""
    commands = [
        command
        for path in ("docs/python.md", "README.md", "crates/boardgames-py/test.sh")
        for command in re.findall(r"pip install[^`\n]*", (ROOT / path).read_text())
        if "--force-reinstall" in command
    ]
    assert commands, "the docs say how to replace an installed wheel"
    assert [c for c in commands if "--no-deps" not in c] == []
