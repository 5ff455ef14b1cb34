from pathlib import Path

s = Path("x.txt").read_text(encoding="utf-16")
