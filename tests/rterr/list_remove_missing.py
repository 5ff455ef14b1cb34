# list.remove of a value the list lacks
xs = [(1, 2), (3, 4)]
xs.remove((3, 4))
xs.remove((3, 4))
