print("%c" % 65.0)
