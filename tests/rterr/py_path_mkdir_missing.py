# Path.mkdir() without parents=True under a folder that does not exist: FileNotFoundError.
from pathlib import Path

d = Path("/tmp/gpyc-rterr-py_path_mkdir_missing") / "a" / "b"
d.mkdir(exist_ok=True)
