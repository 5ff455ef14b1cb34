print("a1".replace(1, "b"))
