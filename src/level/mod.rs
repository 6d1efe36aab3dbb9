pub mod teaching;
