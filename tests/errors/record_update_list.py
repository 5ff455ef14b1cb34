# update() of a record with a list (of pairs): gpyc takes another record or keywords
d = {"a": 1}
d.update([("b", 2)])
print(d)
