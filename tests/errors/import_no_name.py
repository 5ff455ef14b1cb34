from import_no_name_helper import X, Z

print(X)
