f = open("data.bin", "rb")
