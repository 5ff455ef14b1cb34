# a module whose decorator registers what it decorates in the module's own list
seen = []


def plugin(f):
    seen.append(f.__name__)
    print("plugin", f.__name__, len(seen))
    return f
