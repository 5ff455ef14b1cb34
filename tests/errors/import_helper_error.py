# an error inside the helper is reported in the helper file
import import_helper_error_helper

print(import_helper_error_helper.f(2))
