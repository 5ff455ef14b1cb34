# a function whose body is only a comment, at the end of the file
def f():
    # nothing yet
