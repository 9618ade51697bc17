"""What the compiler, the runtime and the command line share without importing one another: the cache
folder's trust checks and the bounds on input read from files and the keyboard. Imports no other twilight
package."""
