module github.com/urikit/urikit

go 1.26.0
