// The script of `touchstone show` pages (show.hpp): reads the embedded JSON and draws it with
// three.js (global THREE, with THREE.OrbitControls from libjs-three's examples): the solids, the
// exact items (spheres, tubes, filled polygons), the answer's items (cubes, outlines, arrows),
// with the kind's words for them (data.labels). Included by show.cpp only.
#pragma once

#include <string_view>

namespace touchstone {

inline constexpr std::string_view kShowScript = R"js(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('touchstone-show-data').textContent);
  var panel = document.getElementById('panel');
  var labels = data.labels;
  var colour = {
    A: 0x5b84b1, B: 0xc9955c, edge: 0x333333,
    returned: 0x1a9641, missing: 0xe41a1c, unclaimed: 0xa6d96a,
    agrees: 0x2b4cd8, differs: 0xff00ff, normal: 0x008b8b
  };
  var hex = function (c) { return '#' + ('000000' + c.toString(16)).slice(-6); };
  var esc = function (s) {
    var d = document.createElement('div');
    d.textContent = String(s);
    return d.innerHTML;
  };

  function poseMatrix(p) {
    var r = p.rotation, t = p.translation, m = new THREE.Matrix4();
    m.set(r[0][0], r[0][1], r[0][2], t[0], r[1][0], r[1][1], r[1][2], t[1],
          r[2][0], r[2][1], r[2][2], t[2], 0, 0, 0, 1);
    return m;
  }
  function vec(p) { return new THREE.Vector3(p[0], p[1], p[2]); }
  // Triangles of a planar polygon (boundary order, possibly non-convex): projected on the plane
  // of its largest normal component, triangulated by three.js.
  function triangulate(pts) {
    var n = new THREE.Vector3();
    for (var i = 0; i < pts.length; ++i) {
      var a = pts[i], b = pts[(i + 1) % pts.length];
      n.x += (a.y - b.y) * (a.z + b.z); n.y += (a.z - b.z) * (a.x + b.x);
      n.z += (a.x - b.x) * (a.y + b.y);
    }
    var ax = Math.abs(n.x), ay = Math.abs(n.y), az = Math.abs(n.z);
    var u = ax >= ay && ax >= az ? ['y', 'z'] : ay >= az ? ['z', 'x'] : ['x', 'y'];
    var flat = pts.map(function (p) { return new THREE.Vector2(p[u[0]], p[u[1]]); });
    return THREE.ShapeUtils.triangulateShape(flat, []);
  }
  function polygonGeometry(pts) {
    var pos = [];
    triangulate(pts).forEach(function (t) {
      t.forEach(function (i) { pos.push(pts[i].x, pts[i].y, pts[i].z); });
    });
    var g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
    g.computeVertexNormals();
    return g;
  }

  var view = document.getElementById('view');
  var renderer;
  try {
    renderer = new THREE.WebGLRenderer({antialias: true, preserveDrawingBuffer: true});
  } catch (e) {
    panel.innerHTML = '<p class="v-error">WebGL is not available: ' + esc(e.message) + '</p>';
    return;
  }
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  renderer.setSize(view.clientWidth, view.clientHeight);
  renderer.setClearColor(0xf4f4f4);
  view.appendChild(renderer.domElement);
  var scene = new THREE.Scene();
  scene.add(new THREE.HemisphereLight(0xffffff, 0x888888, 0.8));
  var sun = new THREE.DirectionalLight(0xffffff, 0.5);
  sun.position.set(1, 2, 3);
  scene.add(sun);
  var camera = new THREE.PerspectiveCamera(40, view.clientWidth / view.clientHeight, 1e-4, 1e4);
  var controls = new THREE.OrbitControls(camera, renderer.domElement);
  var dynamic = new THREE.Group();
  scene.add(dynamic);

  var state = {step: data.first_step || 0, answer: data.answers.length ? 0 : -1,
               show: {A: true, B: true, exact: true, answer: true, normals: true}};
  var size = 1;  // the pair's world bounding-box diagonal at the first step, for marker sizes

  function solid(shape, pose, c) {
    var m = poseMatrix(pose);
    var world = shape.vertices.map(function (p) { return vec(p).applyMatrix4(m); });
    var pos = [];
    shape.faces.forEach(function (f) {
      var pts = f.map(function (i) { return world[i]; });
      triangulate(pts).forEach(function (t) {
        t.forEach(function (i) { pos.push(pts[i].x, pts[i].y, pts[i].z); });
      });
    });
    var g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
    g.computeVertexNormals();
    var group = new THREE.Group();
    group.add(new THREE.Mesh(g, new THREE.MeshPhongMaterial({
      color: c, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthWrite: false,
      polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1})));
    var e = [];
    shape.edges.forEach(function (ed) {
      var a = world[ed[0]], b = world[ed[1]];
      e.push(a.x, a.y, a.z, b.x, b.y, b.z);
    });
    var eg = new THREE.BufferGeometry();
    eg.setAttribute('position', new THREE.Float32BufferAttribute(e, 3));
    group.add(new THREE.LineSegments(eg, new THREE.LineBasicMaterial({color: colour.edge})));
    return {group: group, world: world};
  }
  // Markers drawn over the solids (no depth test), so contact is visible through them.
  function overlay(obj) {
    obj.renderOrder = 10;
    obj.traverse(function (o) { if (o.material) o.material.depthTest = false; });
    return obj;
  }
  function segment(a, b, radius, c) {
    var d = new THREE.Vector3().subVectors(b, a), len = d.length();
    var m = new THREE.Mesh(new THREE.CylinderBufferGeometry(radius, radius, Math.max(len, 1e-12), 8),
                           new THREE.MeshBasicMaterial({color: c}));
    m.position.copy(a).addScaledVector(d, 0.5);
    if (len > 0) m.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), d.normalize());
    return m;
  }
  // An exact region: spheres at its points, its edges as tubes, a 2D region filled.
  function exactRegion(r, c) {
    var g = new THREE.Group(), pts = r.points.map(vec), rad = 0.008 * size;
    pts.forEach(function (p) {
      var s = new THREE.Mesh(new THREE.SphereBufferGeometry(rad, 12, 8),
                             new THREE.MeshBasicMaterial({color: c}));
      s.position.copy(p);
      g.add(s);
    });
    for (var i = 0; pts.length > 1 && i < (pts.length > 2 ? pts.length : 1); ++i)
      g.add(segment(pts[i], pts[(i + 1) % pts.length], rad * 0.5, c));
    if (pts.length > 2)
      g.add(new THREE.Mesh(polygonGeometry(pts), new THREE.MeshBasicMaterial({
        color: c, transparent: true, opacity: 0.45, side: THREE.DoubleSide})));
    return overlay(g);
  }
  // An answer region: cubes at its points, thin outline, its normals as arrows.
  function answerRegion(r, c) {
    var g = new THREE.Group(), pts = r.points.map(vec), side = 0.011 * size;
    pts.forEach(function (p) {
      var b = new THREE.Mesh(new THREE.BoxBufferGeometry(side, side, side),
                             new THREE.MeshBasicMaterial({color: c, wireframe: false}));
      b.position.copy(p);
      g.add(b);
    });
    for (var i = 0; pts.length > 1 && i < (pts.length > 2 ? pts.length : 1); ++i)
      g.add(segment(pts[i], pts[(i + 1) % pts.length], side * 0.15, c));
    if (state.show.normals && pts.length)
      (r.normals || []).forEach(function (n) {
        var v = vec(n);
        if (v.length() > 0)
          g.add(new THREE.ArrowHelper(v.normalize(), pts[0], 0.08 * size, colour.normal,
                                      0.02 * size, 0.01 * size));
      });
    return overlay(g);
  }

  function legendRow(c, text, shape) {
    return '<div><span class="sw" style="background:' + hex(c) +
           (shape === 'dot' ? ';border-radius:6px' : '') + '"></span>' + esc(text) + '</div>';
  }

  function draw() {
    while (dynamic.children.length) dynamic.remove(dynamic.children[0]);
    var step = data.steps[state.step];
    var a = solid(data.shapes[0], step.poses.A, colour.A);
    var b = solid(data.shapes[1], step.poses.B, colour.B);
    if (state.show.A) dynamic.add(a.group);
    if (state.show.B) dynamic.add(b.group);
    var answer = state.answer >= 0 ? data.answers[state.answer] : null;
    var astep = answer && state.step < answer.steps.length ? answer.steps[state.step] : null;
    var missing = {};
    (astep ? astep.missing : []).forEach(function (i) { missing[i] = true; });
    var counts = {exact: 0, missing: 0, answer: 0, differs: 0};
    step.reference.regions.forEach(function (r, i) {
      // With an answer: returned (or covered), missing from the claimed subset, or unclaimed.
      var c = !astep ? colour.returned : missing[i] ? colour.missing : colour.returned;
      if (astep && !missing[i] && astep.subset === 'sufficient' && !r.sufficient)
        c = colour.unclaimed;
      counts.exact++;
      if (missing[i]) counts.missing++;
      if (state.show.exact) dynamic.add(exactRegion(r, c));
    });
    (astep ? astep.regions : []).forEach(function (r) {
      counts.answer++;
      if (r.differs) counts.differs++;
      if (state.show.answer) dynamic.add(answerRegion(r, r.differs ? colour.differs : colour.agrees));
    });
    return {counts: counts, answer: answer, astep: astep, step: step};
  }

  // The panel covers the left of the view: the picture's centre moves right by half its width.
  function frame() {
    var w = view.clientWidth, h = view.clientHeight;
    camera.aspect = w / h;
    camera.setViewOffset(w, h, -Math.min(panel.offsetWidth, w / 3) / 2, 0, w, h);
    camera.updateProjectionMatrix();
    renderer.setSize(w, h);
  }
  function render() { renderer.render(scene, camera); }

  function update() {
    var d = draw();
    var h = '<h1>' + esc(data.case) + '</h1>';
    if (data.source) h += '<div>report: <code>' + esc(data.source) + '</code></div>';
    if (data.steps.length > 1) {
      h += '<div>step <select id="step">';
      data.steps.forEach(function (s, i) {
        h += '<option value="' + i + '"' + (i === state.step ? ' selected' : '') + '>' + (i + 1) +
             ' of ' + data.steps.length + '</option>';
      });
      h += '</select></div>';
    }
    if (data.answers.length) {
      h += '<div>answer <select id="answer"><option value="-1">none</option>';
      data.answers.forEach(function (a, i) {
        h += '<option value="' + i + '"' + (i === state.answer ? ' selected' : '') + '>' +
             esc(a.algorithm) + ' (' + esc(a.verdict) + ')</option>';
      });
      h += '</select></div>';
    }
    h += '<div>';
    ['A', 'B', 'exact', 'answer', 'normals'].forEach(function (k) {
      h += '<label><input type="checkbox" data-k="' + k + '"' + (state.show[k] ? ' checked' : '') +
           '>' + k + '</label> ';
    });
    h += '</div>';
    var ref = d.step.reference;
    h += '<p>exact: ' + esc(ref.relation) +
         (ref.distance !== null ? ', distance ' + esc(ref.distance) : '') +
         (ref.note ? ', ' + esc(ref.note) : '') +
         (d.step.tau !== null ? '; τ = ' + esc(d.step.tau) : '') + '<br>' + ref.regions.length +
         ' ' + esc(labels.items) +
         (ref.closure ? ' of the ε-closure (inside the band: B moved by |t| = ' +
          esc(ref.closure.length) + ' touches A; answers judged within τ + |t|)' : '') + '</p>';
    h += '<div id="legend">' + legendRow(colour.A, 'solid A', 'box') +
         legendRow(colour.B, 'solid B', 'box');
    if (d.astep) {
      h += legendRow(colour.returned, labels.returned, 'dot') +
           legendRow(colour.missing, labels.missing, 'dot') +
           (labels.unclaimed ? legendRow(colour.unclaimed, labels.unclaimed, 'dot') : '') +
           legendRow(colour.agrees, labels.agrees, 'box') +
           legendRow(colour.differs, labels.differs, 'box') +
           legendRow(colour.normal, labels.normals, 'box');
    } else {
      h += legendRow(colour.returned, labels.exact, 'dot');
    }
    var w = labels.stats;
    h += '</div><p id="stats">' + esc(w[0]) + ': ' + d.counts.exact + ', ' + esc(w[1]) + ': ' +
         d.counts.missing + ', ' + esc(w[2]) + ': ' + d.counts.answer + ', ' + esc(w[3]) + ': ' +
         d.counts.differs + '</p>';
    if (d.answer) {
      h += '<p>' + esc(d.answer.algorithm) + ': <b class="v-' + esc(d.answer.verdict) + '">' +
           esc(d.answer.verdict) + '</b>' +
           (d.astep && d.astep.verdict ? ' (this step: ' + esc(d.astep.verdict) + ')' : '') +
           (d.answer.reason ? ' — ' + esc(d.answer.reason) : '') + '</p>';
      if (d.astep && d.astep.summary) h += '<p>answer: ' + esc(d.astep.summary) + '</p>';
      if (d.answer.failing.length) {
        h += '<div>checks not passed (the verifier\'s verdict):</div><ul>';
        d.answer.failing.forEach(function (c) { h += '<li>' + esc(c) + '</li>'; });
        h += '</ul>';
      }
    }
    h += '<p style="color:#666">drag: rotate · right drag: pan · wheel: zoom</p>';
    panel.innerHTML = h;
    var sel = document.getElementById('step');
    if (sel) sel.onchange = function () { state.step = +sel.value; update(); };
    var ans = document.getElementById('answer');
    if (ans) ans.onchange = function () { state.answer = +ans.value; update(); };
    panel.querySelectorAll('input[type=checkbox]').forEach(function (box) {
      box.onchange = function () { state.show[box.dataset.k] = box.checked; update(); };
    });
    render();
  }

  // Frame both solids at the first step, seen from above a corner.
  var box = new THREE.Box3();
  [0, 1].forEach(function (i) {
    var m = poseMatrix(data.steps[0].poses[i ? 'B' : 'A']);
    data.shapes[i].vertices.forEach(function (p) { box.expandByPoint(vec(p).applyMatrix4(m)); });
  });
  size = Math.max(box.getSize(new THREE.Vector3()).length(), 1e-9);
  var centre = box.getCenter(new THREE.Vector3());
  camera.near = size * 1e-3;
  camera.far = size * 100;
  camera.position.copy(centre).add(new THREE.Vector3(0.7, -1.05, 0.65).multiplyScalar(size));
  camera.up.set(0, 0, 1);
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
  controls.update();
  controls.addEventListener('change', render);
  window.addEventListener('resize', function () { frame(); render(); });
  update();
  frame();
  render();
  document.body.setAttribute('data-drawn', 'yes');
})();
)js";

}  // namespace touchstone
