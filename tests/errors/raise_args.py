# raise E(msg) takes one message
raise ValueError("bad value", 3)
