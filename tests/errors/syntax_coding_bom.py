# coding: latin-1
# A UTF-8 byte-order mark and a declaration of another encoding (Python: encoding problem:
# iso-8859-1 with BOM)
print(1)
