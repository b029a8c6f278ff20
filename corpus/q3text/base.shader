// lumpkit test shaders
textures/base_wall/concrete
{
	qer_editorimage textures/base_wall/concrete.tga
	{
		map $lightmap
		rgbGen identity
	}
	{
		map textures/base_wall/concrete.tga
		blendFunc GL_DST_COLOR GL_ZERO
	}
}

/* sky */
textures/skies/blue
{
	skyparms env/blue 512 -
	surfaceparm sky
}
