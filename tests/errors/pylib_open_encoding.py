f = open("data.txt", encoding="latin-1")
