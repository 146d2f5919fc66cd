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
