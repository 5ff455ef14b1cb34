from pathlib import Path

p = Path("a") / 3
