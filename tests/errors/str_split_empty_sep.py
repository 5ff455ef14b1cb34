parts = "a b".split("")
