import os

os.makedirs("/tmp/gpyc_x", 0o755)
