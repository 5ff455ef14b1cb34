import import_no_attr_helper

print(import_no_attr_helper.Y)
