#!/usr/bin/env python3
# -*- coding: cp1251 -*-
# PEP 263 on line 2: an encoding Python knows but gpyc does not read (it reads UTF-8)
print(1)
