FACTORIES: dict = {}
