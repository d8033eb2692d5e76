import CSDL2
import SegueRender
import Testing

/// SDL's renderers are handed `RasterVertex` buffers as `SDL_Vertex`: the two layouts must
/// be one.
@Suite struct VertexLayoutTests {
    @Test func rasterVertexIsLaidOutAsSDLVertex() {
        #expect(MemoryLayout<RasterVertex>.size == 20)
        #expect(MemoryLayout<RasterVertex>.size == MemoryLayout<SDL_Vertex>.size)
        #expect(MemoryLayout<RasterVertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        #expect(MemoryLayout<RasterVertex>.alignment == MemoryLayout<SDL_Vertex>.alignment)
        let ours: [Int?] = [\RasterVertex.x, \RasterVertex.y, \RasterVertex.u, \RasterVertex.v]
            .map { MemoryLayout<RasterVertex>.offset(of: $0) }
        let sdl: [Int?] = [\SDL_Vertex.position.x, \SDL_Vertex.position.y, \SDL_Vertex.tex_coord.x, \SDL_Vertex.tex_coord.y]
            .map { MemoryLayout<SDL_Vertex>.offset(of: $0) }
        #expect(ours == sdl)
        let ourColor: [Int?] = [\RasterVertex.r, \RasterVertex.g, \RasterVertex.b, \RasterVertex.a]
            .map { MemoryLayout<RasterVertex>.offset(of: $0) }
        let sdlColor: [Int?] = [\SDL_Vertex.color.r, \SDL_Vertex.color.g, \SDL_Vertex.color.b, \SDL_Vertex.color.a]
            .map { MemoryLayout<SDL_Vertex>.offset(of: $0) }
        #expect(ourColor == sdlColor)
        #expect(!ours.contains(nil) && !ourColor.contains(nil))
    }

    /// One vertex read through the other type: every field lands where it should.
    @Test func aVertexReadsBackAsSDLVertex() {
        let v = RasterVertex(x: 1.5, y: -2.25, r: 10, g: 20, b: 30, a: 40, u: 0.125, v: 0.75)
        let s = withUnsafeBytes(of: v) { $0.load(as: SDL_Vertex.self) }
        #expect(s.position.x == 1.5 && s.position.y == -2.25)
        #expect(s.color.r == 10 && s.color.g == 20 && s.color.b == 30 && s.color.a == 40)
        #expect(s.tex_coord.x == 0.125 && s.tex_coord.y == 0.75)
    }
}
