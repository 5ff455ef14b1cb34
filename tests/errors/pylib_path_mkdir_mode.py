import pathlib

pathlib.Path("d").mkdir(0o700)
