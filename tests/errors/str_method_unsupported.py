words = "a b"
parts = words.split()
