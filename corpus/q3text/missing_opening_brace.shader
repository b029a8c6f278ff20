textures/a/b
	map textures/a/b.tga
}
