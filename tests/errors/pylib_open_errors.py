f = open("data.txt", errors="ignore")
