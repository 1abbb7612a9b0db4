import Shell
import Facade
import LineEditing
import DemoServer

print("apish")
