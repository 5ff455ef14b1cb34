from pathlib import Path

Path("x.txt").write_text(3)
