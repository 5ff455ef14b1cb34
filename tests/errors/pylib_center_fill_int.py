print("x".center(5, 1))
