print("torch")
