f = open("data.txt", "r+")
