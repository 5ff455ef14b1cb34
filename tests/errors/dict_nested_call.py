def config():
    return {"a": {"x": 1}}


config()["a"]["y"] = 2
