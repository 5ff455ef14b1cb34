print(ord(65))
