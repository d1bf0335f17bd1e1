/** The Web Storage key `persist` keeps the mock's state under (its own module: the persistence code loads only when asked for). */
export const persistKey = "petstore-mock-kit:state";
