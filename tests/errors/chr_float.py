print(chr(65.0))
