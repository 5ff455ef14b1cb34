words = "a b"
at = words.find("b")
