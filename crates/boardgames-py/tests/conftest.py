"""What several test modules share: the examples of examples/python loaded as modules, and
one local Ray runtime a module."""

import importlib.util
import pathlib
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python"


def example_module(name):
    """Loads ``examples/python/<name>.py`` as the module ``name``, yields it, and unloads it
    (a generator for a fixture to ``yield from``)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(name, None)


@pytest.fixture(scope="module")
def local_ray():
    """One local runtime of two CPUs for the module (the examples' main() uses it and leaves
    it running)."""
    import ray  # installed by test.sh: a missing framework fails, never skips

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()
