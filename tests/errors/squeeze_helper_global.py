import squeeze_helper_global_helper

squeeze_helper_global_helper.grow()
print(squeeze_helper_global_helper.z.squeeze().shape)
