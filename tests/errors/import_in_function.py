def f():
    import import_in_function_helper
    return import_in_function_helper.X


print(f())
