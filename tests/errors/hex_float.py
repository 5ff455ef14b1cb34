print(hex(2.5))
