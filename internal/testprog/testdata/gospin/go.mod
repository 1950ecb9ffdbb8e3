module gospin

go 1.21
