f = open("data.txt", "rw")
