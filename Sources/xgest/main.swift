print("xgest")
