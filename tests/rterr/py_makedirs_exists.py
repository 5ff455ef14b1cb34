# os.makedirs of an existing directory without exist_ok
import os

os.makedirs("/tmp", exist_ok=True)
print("ok")
os.makedirs("/tmp")
