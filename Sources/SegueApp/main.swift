import SegueLive

// `segue`: the app and its commands, with the built-in demos only.
Studio.run()
