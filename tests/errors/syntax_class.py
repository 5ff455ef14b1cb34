import cupy as cp


class Model:
    def __init__(self):
        self.w = cp.zeros(3)
