#!/usr/bin/env bash
# Builds the Python package `boardgames` as a wheel with maturin inside a virtual environment
# (target/python-venv), installs it with numpy, OpenSpiel, PettingZoo, Gymnasium and Ray from
# PyPI, and runs its tests with pytest. Needs the Rust toolchain and Python 3.9 or newer with
# the venv module. Arguments go to pytest (default: all of tests/). The wheel is built with the
# `python-test` profile (the `python` profile at opt-level 1: see the workspace's Cargo.toml),
# not the `python` profile users build with.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/target/python-venv"
wheels="$root/target/wheels"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements-test.txt"

rm -rf "$wheels"
"$venv/bin/maturin" build --quiet --manifest-path "$here/Cargo.toml" --profile python-test \
    --interpreter "$venv/bin/python" --out "$wheels"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/boardgames-*.whl

cd "$here"
if [ $# -eq 0 ]; then
    set -- tests
fi
"$venv/bin/python" -m pytest -q "$@"
