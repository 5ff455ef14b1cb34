# an unknown list method: Python's AttributeError
xs = [1, 2]
xs.frob()
