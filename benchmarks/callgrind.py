"""Machine instructions of a Python child process, counted by valgrind's callgrind.

The benchmarks that state a speed as instructions (a figure the machine's load and clock do not
move) run their work in a child under callgrind through :func:`counted`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys


def counted(arguments: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``python *arguments`` under callgrind: the instructions it executed and what it printed."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *arguments]
    # one BLAS thread: numpy's idle BLAS threads spin, which callgrind would count as work
    # one hash seed: string hashes order sets and size dicts, which moved a count by millions of
    # instructions from one run to the next (the start-up that the scripts subtract, too)
    env = {**(os.environ if env is None else env), "OPENBLAS_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    result = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{result.stderr[-2000:]}")
    return int(found.group(1)), result.stdout
