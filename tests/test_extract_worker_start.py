"""A worker that cannot start is the environment's fault: files wait in input/, nothing is marked failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import FIXED_NOW

SCRIPT = """
import json, sys
from pathlib import Path
from wikid import Project
project = Project(Path(sys.argv[1]))
project.init()
(project.paths.input / "acme.txt").write_text("Vendor: Acme Anvils\\n")
report = project.update()
print(json.dumps([[f.input, str(f.action), f.message] for f in report.files]))
"""


def test_a_script_without_a_main_guard_gets_a_retry_that_says_how_to_fix_it(tmp_path: Path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "WIKID_NOW": FIXED_NOW}
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "proj")], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    [[name, action, message]] = json.loads(done.stdout.strip().splitlines()[-1])
    assert (name, action) == ("acme.txt", "retry")
    assert 'if __name__ == "__main__":' in message
    assert (tmp_path / "proj" / "input" / "acme.txt").exists()
    ignored = tmp_path / "proj" / ".wikid" / "ignored.json"
    assert not ignored.exists() or "acme.txt" not in ignored.read_text(), "not remembered as a failure"
