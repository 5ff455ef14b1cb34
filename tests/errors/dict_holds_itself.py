# A dict stored into itself has no static type (issue 24: the fuzzer's stack overflow).
d = {}
d["a"] = d
print(len(d))
