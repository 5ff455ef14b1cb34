f = open("data.txt", newline="")
